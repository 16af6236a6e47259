from django.urls import path

from apps.members.api import examination_views, move_in_urls, views

urlpatterns = [
    path("member/search", views.MemberSearchApi.as_view(), name="member-search"),
    path("member/euqalQuery", views.MemberExactQueryApi.as_view(), name="member-exact-query"),
    path("member/likeQuery", views.MemberFuzzyQueryApi.as_view(), name="member-fuzzy-query"),
    path("member/cardNoQuery", views.MemberCardNoQueryApi.as_view(), name="member-card-no-query"),
    path("member/searchIntro", views.IntroducerSearchApi.as_view(), name="member-introducer-search"),
    path("member/findById/<id:member_id>", views.MemberFileApi.as_view(), name="member-file"),
    path("member/findStoMemById/<id:member_id>", views.StoreMemberFileApi.as_view(), name="member-store-file"),
    path("member/wholePhone/<id:member_id>", views.WholePhoneApi.as_view(), name="member-whole-phone"),
    path("member/findStoLstByCondition", views.StoreMemberListApi.as_view(), name="member-store-list"),
    path("member/findStoCntByCondition", views.StoreMemberCountApi.as_view(), name="member-store-count"),
    path(
        "member/findLstByConditionWholePhone",
        views.StoreMemberWholePhoneListApi.as_view(),
        name="member-store-list-whole-phone",
    ),
    path(
        "member/findCntByConditionWholePhone",
        views.StoreMemberWholePhoneCountApi.as_view(),
        name="member-store-count-whole-phone",
    ),
    path("member/newMember", views.MemberCreateApi.as_view(), name="member-create"),
    path("member/stoSaveMember", views.MemberStoreSaveApi.as_view(), name="member-store-save"),
    path("member/stoUpdateMember", views.MemberStoreUpdateApi.as_view(), name="member-store-update"),
    path("member/querySmsStatus", views.SmsStatusApi.as_view(), name="member-sms-status"),
    path("member/updateSmsStatus", views.SmsStatusUpdateApi.as_view(), name="member-sms-status-update"),
    path("member/integralList", views.MemberPointsListApi.as_view(), name="member-points-list"),
    path("member/integralStoreList", views.StorePointsListApi.as_view(), name="member-points-store-list"),
    path("member/point", views.PointsAdjustApi.as_view(), name="member-points-adjust"),
    path("memLabel/findAllMemLabel", views.MemberLabelListApi.as_view(), name="member-labels"),
    path("member/cancelApply", views.CancelApplyApi.as_view(), name="member-cancel-apply"),
    path("member/cancelList", views.CancelListApi.as_view(), name="member-cancel-list"),
    path("member/cancelDecide", views.CancelDecideApi.as_view(), name="member-cancel-decide"),
    path("examination/list", examination_views.ExaminationListApi.as_view(), name="examination-list"),
    path("examination/add", examination_views.ExaminationAddApi.as_view(), name="examination-add"),
    path("examination/examiners", examination_views.ExaminersApi.as_view(), name="examination-examiners"),
    path("examination/photo/<id:photo_id>", examination_views.ExaminationPhotoApi.as_view(), name="examination-photo"),
    path(
        "examination/update/<id:examination_id>",
        examination_views.ExaminationCorrectApi.as_view(),
        name="examination-correct",
    ),
    path("userTest/store/search", examination_views.StoreExaminationListApi.as_view(), name="user-test-search"),
    path("userTest/store/count", examination_views.StoreExaminationCountApi.as_view(), name="user-test-count"),
    path(
        "userTest/store/detail/<id:examination_id>",
        examination_views.StoreExaminationDetailApi.as_view(),
        name="user-test-detail",
    ),
    path(
        "examination/<id:examination_id>", examination_views.ExaminationDetailApi.as_view(), name="examination-detail"
    ),
]

# Member move-in (issue 17 §2): storemembermoveinrest/* and storerelocationupload/*.
urlpatterns += move_in_urls.urlpatterns
